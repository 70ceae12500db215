// La Belle Époque's commitments in words: "commit 1 fleet 2 armies +italy-army" read back into its
// parts for the dispute dialog's labels (rules/actions.py notation). The dispute's numbers (each
// side's modifier and its terms, the cost, the odds of the dice) are the rules' own, carried by the
// seat's view (rules/dispute_odds.py): the page computes none of them.
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
