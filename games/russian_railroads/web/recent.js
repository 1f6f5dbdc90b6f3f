// Russian Railroads, "what changed since I last looked": the pieces the other
// players moved since the view the page remembers (the board as it stood after my
// own last turn), so their last confirmed turns stand out on the board, as on
// Yucata.  Only other seats' changes count: my own I made myself.

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** {spaces: Map(space -> seat), markers, industry, locos, factories, engineers: Set("seat:...")} or null. */
export function changesSince(before, now, you) {
  if (!before?.players || !now?.players) return null;
  const out = { spaces: new Map(), markers: new Set(), industry: new Set(), locos: new Set(), factories: new Set(), engineers: new Set() };
  for (const [space, at] of Object.entries(now.occupied || {})) {
    if (at.seat !== you && !same(before.occupied?.[space], at)) out.spaces.set(space, at.seat);
  }
  for (const seat of (before.rally_users || []).length < (now.rally_users || []).length ? now.rally_users.slice(before.rally_users?.length || 0) : []) {
    if (seat !== you) out.spaces.set("rally", seat);
  }
  for (const [seat, p] of Object.entries(now.players)) {
    const was = before.players[seat];
    if (seat === you || !was) continue;
    for (const [line, tracks] of Object.entries(p.tracks || {})) {
      for (const [colour, pos] of Object.entries(tracks)) {
        if (was.tracks?.[line]?.[colour] !== pos) out.markers.add(`${seat}:${line}:${colour}`);
      }
    }
    (p.industry_markers || []).forEach((pos, k) => { if (was.industry_markers?.[k] !== pos) out.industry.add(`${seat}:${k}`); });
    for (const [line, locos] of Object.entries(p.locos || {})) if (!same(was.locos?.[line], locos)) out.locos.add(`${seat}:${line}`);
    (p.factories || []).forEach((n, slot) => { if (n && was.factories?.[slot] !== n) out.factories.add(`${seat}:${slot}`); });
    for (const n of p.engineers || []) if (!(was.engineers || []).includes(n)) out.engineers.add(`${seat}:${n}`);
    for (const n of p.engineers_used || []) if (!(was.engineers_used || []).includes(n)) out.engineers.add(`${seat}:${n}`);
  }
  return out;
}
