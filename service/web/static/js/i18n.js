// The page's strings: the catalogue the server put into the page config.

export function makeT(catalogue) {
  return (key, params = {}) => {
    const template = catalogue[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
  };
}
