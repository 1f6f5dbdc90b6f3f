// Board renderers, one module per game, chosen by the game's name.  A renderer
// is {render(el, ctx), showsCommands?}; ctx holds the game JSON (view, status,
// seats), the viewer's legal commands, send(command), t() and the language.
// Games without a renderer of their own get the generic one.

const RENDERERS = {
  russian_railroads: () => import("./russian_railroads/index.js"),
  first_class: () => import("./first_class/index.js"),
  railroad_dice: () => import("./railroad_dice/index.js"),
  steam: () => import("./steam/index.js"),
};

export async function loadRenderer(name) {
  const load = RENDERERS[name];
  if (load) {
    try {
      return (await load()).default;
    } catch (error) {
      console.error(`renderer for ${name} failed to load`, error);
    }
  }
  return (await import("./generic.js")).default;
}
