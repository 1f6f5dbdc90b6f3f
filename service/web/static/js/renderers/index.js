// Board renderers: each game brings its own in its bundle (games/<game>/web/,
// served at renderers/<game>/), and the page config says whether it has one.
// A renderer is {render(el, ctx), showsCommands?}; ctx holds the game JSON (view,
// status, seats), the viewer's legal commands, send(command), t() and the language.
// Games without a renderer of their own get the generic one.

const NAME = /^[a-z][a-z0-9_]*$/;

export async function loadRenderer(name, hasOwn = true) {
  if (hasOwn && NAME.test(name)) {
    try {
      return (await import(`./${name}/index.js`)).default;
    } catch (error) {
      console.error(`renderer for ${name} failed to load`, error);
    }
  }
  return (await import("./generic.js")).default;
}
