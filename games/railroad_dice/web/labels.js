// Railroad Dice in words: faces, companies, terrain, commands and where a command
// is clicked.  Every sentence comes from the translations (js.rd.*); the game's
// own sentence for a command (the API's ``text`` from describe_command) wins.

export const TERRAIN_COLOURS = { M: "#cfe6a6", B: "#b59f84", W: "#86bde6" };
export const COMPANY_COLOURS = { white: "#f4f4f4", black: "#222", green: "#2e8b3e", yellow: "#f2c82f", red: "#c73a2c" };
export const FACES = ["straight", "curve", "share", "question"];
/** Directions 0 north, 1 east, 2 south, 3 west, as field steps [row, column]. */
export const DELTA = [[-1, 0], [0, 1], [1, 0], [0, -1]];

export const faceName = (face, t) => t(`js.rd.face.${face}`);

/** A command in words: the game's sentence (API ``text``), else the name of its kind
 *  (never its raw arguments: they hold directions and positions as numbers). */
export function commandLabel(command, ctx) {
  const own = command.text?.[ctx.lang];
  if (own) return own;
  const key = `js.rd.cmd.${command.type}`;
  const name = ctx.t(key);
  return name !== key ? name : command.type;
}

/** Where on the table a command type is clicked (for the move window's guidance). */
export function where(type, ctx) {
  const key = `js.rd.where.${type}`;
  const sentence = ctx.t(key);
  return sentence === key ? null : sentence;
}
