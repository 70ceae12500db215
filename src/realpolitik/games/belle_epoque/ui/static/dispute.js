// La Belle Époque's Diplomatic Dispute (§8.7) in numbers, for the page: each side's modifier with
// every term that makes it, the cost of a commitment, and the odds of the two dice. A port of the
// rules' own functions (rules/dispute.py `modifier`, `fleet_cost`; ai/evaluation.py `dice_odds`,
// `_potential`), fed with the rules' numbers the printed board carries (`board.dispute`, the minor
// nations' defence, the Great Works' bonuses) and the seat's view; a browser test checks that the
// page's numbers equal the Python ones. Legality stays with the server: the choices are the legal
// list's `commit ...` actions.

// "commit 1 fleet 2 armies +italy-army" -> {fleets, armies, minors} (rules/actions.py notation).
export function parseCommit(text) {
  const words = text.split(" ").slice(1);
  const out = { fleets: 0, armies: 0, minors: [] };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.startsWith("+")) out.minors.push(w.slice(1));
    else if (/^\d+$/.test(w)) {
      const unit = words[i + 1] || "";
      if (unit.startsWith("fleet")) out.fleets = Number(w);
      else if (unit.startsWith("arm")) out.armies = Number(w);
      i += 1;
    }
  }
  return out;
}

// §8.7, the cards' turn effects (when the view carries them; see docs/web.md).
const thisTurn = (view, turn) => turn !== undefined && turn !== null && turn !== 0 && turn === view.turn;

// £ per fleet committed: §8.7, Empire of the Seas (free), or the Kiel Canal's price once built.
export function fleetCost(b, view, power) {
  const me = view.powers[power];
  if (thisTurn(view, me.empire_turn)) return 0;
  const work = b.powers[power].great_work;
  if (me.great_work && work.bonus === "dispute-fleet-cost") return work.bonus_amount;
  return b.dispute.fleet_cost;
}

// HMS Dreadnought's boxes on the Fleet track: +1 each with an own fleet committed (rules/dispute.py).
export function navalLead(b, view, power) {
  const work = b.powers[power].great_work;
  return view.powers[power].great_work && work.bonus === "fleet-track" ? work.bonus_amount : 0;
}

// A side's modifier and the terms that make it: {total, terms: [[key, value, extra]], known}.
// Mirrors rules/dispute.py modifier() line for line; `known` is false for a Non-Player Power,
// whose Dispute Bonus (§13.9.1) the view does not give.
export function modifier(b, view, power, fleets, armies, minors, attacking) {
  const me = view.powers[power];
  const rules = b.dispute;
  if (me.np) {
    const bonus = view.np_bonus?.[power];
    return { total: bonus ?? 0, terms: [["np_bonus", bonus ?? "?"]], known: bonus !== undefined };
  }
  const terms = [];
  const minorFleets = minors.filter((m) => m.endsWith("-fleet")).length;
  const minorArmies = minors.length - minorFleets;
  let ownFleetBonus = rules.fleet_bonus;
  if (thisTurn(view, me.empire_turn)) ownFleetBonus += 1; // Empire of the Seas: British fleets +3
  if (fleets) terms.push(["t_fleets", ownFleetBonus * fleets, { n: fleets, each: ownFleetBonus }]);
  if (minorFleets) terms.push(["t_minor_fleets", rules.fleet_bonus * minorFleets, { n: minorFleets, each: rules.fleet_bonus }]);
  if (armies + minorArmies) terms.push(["t_armies", rules.army_bonus * (armies + minorArmies), { n: armies + minorArmies, each: rules.army_bonus }]);
  const units = ownFleetBonus * fleets + rules.fleet_bonus * minorFleets + rules.army_bonus * (armies + minorArmies);
  let total = Math.min(units, rules.unit_cap);
  let cap = rules.unit_cap;
  if (units > rules.unit_cap) terms.push(["t_unit_cap", rules.unit_cap - units, { cap: rules.unit_cap }]);
  if (power === "GB" && fleets) {
    total += rules.british_fleet_bonus;
    cap = rules.british_fleet_cap;
    terms.push(["t_british", rules.british_fleet_bonus, { cap }]);
  }
  if (power === "CE" && me.superior_doctrine) {
    total += rules.superior_doctrine_bonus;
    cap = rules.superior_doctrine_cap;
    terms.push(["t_doctrine", rules.superior_doctrine_bonus, { cap }]);
  }
  if (power === "CE" && attacking && armies) {
    total += rules.attacking_army_bonus;
    cap = Math.max(cap, rules.unit_cap + rules.attacking_army_bonus);
    terms.push(["t_ce_army", rules.attacking_army_bonus, { cap }]);
  }
  if (thisTurn(view, me.dispute_bonus_turn)) {
    total += me.dispute_bonus;
    terms.push(["t_card", me.dispute_bonus, {}]);
  }
  if (fleets) {
    const lead = navalLead(b, view, power);
    if (lead) {
      total += lead;
      terms.push(["t_naval", lead, {}]);
    }
  }
  if (total > cap) terms.push(["t_cap", cap - total, { cap }]);
  return { total: Math.min(total, cap), terms, known: true };
}

// §8.7.1: an unallied minor nation's fixed modifier.
export function minorDefence(b, cube) {
  return b.minors[cube]?.defence ?? 0;
}

// Who wins a tie: the side with more Prestige; equal Prestige (or a minor nation) removes both.
export function tieTo(view, dispute) {
  if (!dispute.defender) return null;
  const a = view.powers[dispute.attacker].prestige;
  const d = view.powers[dispute.defender].prestige;
  return a === d ? null : a > d ? "attacker" : "defender";
}

// The two dice (1-6 each): how many of the 36 throws the attacker wins, loses, ties, with the
// modifiers' difference `diff` (ai/evaluation.py _odds).
export function odds36(diff, tie) {
  let win = 0, lose = 0, even = 0;
  for (let a = 1; a <= 6; a++) {
    for (let d = 1; d <= 6; d++) {
      const margin = a - d + diff;
      if (margin > 0) win += 1;
      else if (margin < 0) lose += 1;
      else even += 1;
    }
  }
  if (tie === "attacker") return { win: win + even, lose, tie: 0 };
  if (tie === "defender") return { win, lose: lose + even, tie: 0 };
  return { win, lose, tie: even };
}

// §8.2.1-§8.2.2 (rules/board.py may_reach): may the Power send Armies there.
export function mayReach(b, view, power, territory) {
  const info = b.territories[territory];
  const me = view.powers[power];
  if (!info.fleet_required || info.fleet_free_for.includes(power)) return true;
  if (me.trans_siberian && b.trans_siberian_reach.includes(territory)) return true;
  const box = info.continent;
  if ((me.fleets.active[box] || 0) + (me.fleets.exhausted[box] || 0)) return true;
  return Object.entries(view.minors).some(([m, data]) => view.territories[m]?.holder === power
    && data.units.some((u) => u.location === box && u.unit.endsWith("fleet")));
}

// The modifier the Power reaches committing all its own units it can still pay for in these
// stages (ai/evaluation.py _potential): what the other side may still add.
export function potential(b, view, power, kinds, dispute, side) {
  const me = view.powers[power];
  const continent = b.territories[dispute.territory].continent;
  let money = me.money;
  let fleets = dispute[`${side}_fleets`];
  let armies = dispute[`${side}_armies`];
  const minors = [...(dispute[`${side}_minors`] || [])];
  if (kinds.has("fleets")) {
    const cost = fleetCost(b, view, power);
    let extra = me.fleets.active[continent] || 0;
    if (cost) {
      extra = Math.min(extra, Math.floor(money / cost));
      money -= extra * cost;
    }
    fleets += extra;
  }
  if (kinds.has("armies") && mayReach(b, view, power, dispute.territory)) {
    const cost = b.dispute.army_cost;
    armies += cost ? Math.min(me.armies.arsenal, Math.floor(money / cost)) : me.armies.arsenal;
  }
  return modifier(b, view, power, fleets, armies, minors, side === "a");
}

// The allied minor units each side has committed so far (§8.7.2-§8.7.3). The view's dispute gives
// the fleets and Armies but not these: they are read from the log's "X commits ... +italy-army"
// lines since the dispute began ("X resolves the dispute in T (space N)"), public lines the page
// holds. A view that carries `a_minors`/`d_minors` is used as it is.
export function withMinors(b, dispute, log) {
  if ("a_minors" in dispute && "d_minors" in dispute) return dispute;
  const name = b.territories[dispute.territory]?.name.en;
  const start = `${dispute.attacker} resolves the dispute in ${name} (space ${dispute.space})`;
  let from = -1;
  log.forEach((entry, i) => { if (entry.text === start) from = i; });
  const out = { ...dispute, a_minors: [], d_minors: [] };
  if (from < 0) return out;
  for (const entry of log.slice(from + 1)) {
    const m = entry.text.match(/^(\w+) commits (.+)$/);
    if (!m) {
      if (/ rolls \d /.test(entry.text)) break; // the dice: the commitments are over
      continue;
    }
    const minors = m[2].split(" ").filter((w) => w.startsWith("+")).map((w) => w.slice(1));
    if (m[1] === dispute.attacker) out.a_minors.push(...minors);
    else if (m[1] === dispute.defender) out.d_minors.push(...minors);
  }
  return out;
}

const STAGES = ["attacker-fleets", "defender-fleets", "defender-armies", "attacker-armies"];

// The stage a seat commits at, from its legal choices (fleets or Armies: never both at once).
export function stageOf(dispute, seat, commits) {
  const parsed = commits.map(parseCommit);
  const fleets = parsed.some((c) => c.fleets || c.minors.some((m) => m.endsWith("-fleet")));
  const side = seat === dispute.attacker ? "attacker" : "defender";
  if (side === "attacker") return fleets ? 0 : 3;
  return fleets ? 1 : 2;
}

// Everything the dialog shows for the seat deciding: for each legal commitment its modifier, cost
// and odds against the other side now and if it adds all it still can.
export function analyse(b, view, seat, commits, log = []) {
  const d = withMinors(b, view.dispute, log);
  const side = seat === d.attacker ? "a" : "d";
  const oppSide = side === "a" ? "d" : "a";
  const opponent = side === "a" ? d.defender : d.attacker;
  const tie = tieTo(view, d);
  const stage = stageOf(d, seat, commits);
  let oppNow;
  let oppAll = null;
  if (!opponent) {
    oppNow = { total: minorDefence(b, d.cube), terms: [["t_minor_defence", minorDefence(b, d.cube), {}]], known: true };
  } else {
    oppNow = modifier(b, view, opponent, d[`${oppSide}_fleets`], d[`${oppSide}_armies`], d[`${oppSide}_minors`] || [], oppSide === "a");
    const later = new Set();
    for (let s = stage + 1; s < STAGES.length; s++) if (STAGES[s][0] === oppSide) later.add(STAGES[s].split("-")[1]);
    if (later.size) oppAll = potential(b, view, opponent, later, d, oppSide);
  }
  const continentCost = { fleet: fleetCost(b, view, seat), army: b.dispute.army_cost };
  const options = commits.map((text) => {
    const c = parseCommit(text);
    const mine = modifier(b, view, seat, d[`${side}_fleets`] + c.fleets, d[`${side}_armies`] + c.armies,
      [...(d[`${side}_minors`] || []), ...c.minors], side === "a");
    const against = (opp) => {
      const [am, dm] = side === "a" ? [mine.total, opp.total] : [opp.total, mine.total];
      return odds36(am - dm, tie);
    };
    return {
      text, commit: c, mine, cost: c.fleets * continentCost.fleet + c.armies * continentCost.army,
      now: against(oppNow), all: oppAll && oppAll.total !== oppNow.total ? against(oppAll) : null,
    };
  });
  return { side, opponent, tie, stage, oppNow, oppAll, options, unitCost: continentCost };
}

// The dispute as it stands (both sides' commitments so far): the modifiers and the odds.
export function standing(b, view, log = []) {
  const d = withMinors(b, view.dispute, log);
  const a = modifier(b, view, d.attacker, d.a_fleets, d.a_armies, d.a_minors || [], true).total;
  const def = d.defender
    ? modifier(b, view, d.defender, d.d_fleets, d.d_armies, d.d_minors || [], false).total
    : minorDefence(b, d.cube);
  return { a, d: def, odds: odds36(a - def, tieTo(view, d)) };
}
