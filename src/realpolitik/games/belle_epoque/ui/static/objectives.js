// La Belle Époque's National Objectives (§10.1) on the page: whether one is met in the position the
// seat's view shows. A port of rules/scoring.py `objective_met` (with rules/board.py `power_cubes`:
// a Power's own cubes, dispute tops excluded), fed with the objectives the printed board carries;
// tests/web/test_lbe_ports_against_rules.py checks it against the Python in many positions.

// `owner`: the Power whose card carries the objective; `o.holder`: whose position counts (the
// owner, another Power, or "other": any Power but the owner).
export function objectiveMet(b, view, owner, o) {
  const holders = o.holder === "other" ? Object.keys(b.powers).filter((p) => p !== owner) : [o.holder];
  for (const tid of o.territories) {
    const here = view.territories[tid];
    if (!here) continue;
    for (const h of holders) {
      if (o.kind === "min-cubes") {
        if (here.spaces.filter((space) => space && space.split("/")[0] === h).length >= o.count) return true;
      } else if (here.holder === h) return true;
    }
  }
  return false;
}
