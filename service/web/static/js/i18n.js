// The page's strings: ICU MessageFormat, formatted exactly as the server does
// (games/messageformat.py): `{seat}` is filled in, `{n, plural, one {# coin}
// other {# coins}}` picks the form by the language's plural rules
// (Intl.PluralRules), `{x, select, a {...} other {...}}` picks by a word, and `#`
// directly inside a plural branch is the count. An apostrophe quotes a brace or a
// `#` ('{' is a brace, '' an apostrophe); before any other character it is an
// apostrophe. tests/platform/test_texts_plurals.py formats every catalogue
// message here and in Python and compares.

const PLURAL_TYPES = ["plural", "selectordinal"];
const SUBMESSAGE_TYPES = ["plural", "selectordinal", "select"];
const SPACES = new Set([0x20, 0x85, 0xa0, 0x180e, 0x2028, 0x2029, 0x202f, 0x205f, 0x2060, 0x3000, 0xfeff]);

function isSpace(ch) {
  if (!ch) return false;
  const code = ch.codePointAt(0);
  return SPACES.has(code) || (code >= 0x09 && code <= 0x0d) || (code >= 0x2000 && code <= 0x200d);
}

class Parser {
  constructor(msg) {
    this.msg = msg;
    this.i = 0;
  }

  fail(what) {
    throw new SyntaxError(`${what} at position ${this.i} in ${JSON.stringify(this.msg)}`);
  }

  skipSpace() {
    while (this.i < this.msg.length && isSpace(this.msg[this.i])) this.i += 1;
  }

  // A message (or a branch): text and placeholders up to a closing brace.
  nodes(parent) {
    const out = [];
    const text = this.text(parent);
    if (text) out.push(text);
    while (this.i < this.msg.length) {
      if (this.msg[this.i] === "}") {
        if (!parent) this.fail("unexpected }");
        break;
      }
      out.push(this.placeholder(parent));
      const more = this.text(parent);
      if (more) out.push(more);
    }
    return out;
  }

  text(parent) {
    const hashSpecial = Boolean(parent && PLURAL_TYPES.includes(parent.type));
    const special = (ch) => ch === "{" || ch === "}" || (hashSpecial && ch === "#");
    const msg = this.msg;
    let text = "";
    while (this.i < msg.length) {
      const ch = msg[this.i];
      if (special(ch)) break;
      if (ch !== "'") {
        text += ch;
        this.i += 1;
        continue;
      }
      this.i += 1;
      if (this.i >= msg.length) {
        text += ch;
        break;
      }
      const next = msg[this.i];
      if (next === "'") {
        text += "'";
        this.i += 1;
      } else if (special(next)) {
        // A quoted run: up to the next single apostrophe ('' inside is one).
        text += next;
        this.i += 1;
        while (this.i < msg.length) {
          const q = msg[this.i];
          if (q === "'") {
            this.i += 1;
            if (this.i < msg.length && msg[this.i] === "'") text += "'";
            else break;
          } else {
            text += q;
          }
          this.i += 1;
        }
      } else {
        text += "'" + next;
        this.i += 1;
      }
    }
    return text;
  }

  name() {
    const msg = this.msg;
    let name = "";
    while (this.i < msg.length) {
      const ch = msg[this.i];
      if (ch === "{" || ch === "}" || ch === "," || ch === "#" || ch === "'" || isSpace(ch)) break;
      name += ch;
      this.i += 1;
    }
    return name;
  }

  placeholder(parent) {
    const msg = this.msg;
    if (parent && PLURAL_TYPES.includes(parent.type) && msg[this.i] === "#") {
      this.i += 1;
      return { name: parent.name, hash: true };
    }
    if (msg[this.i] !== "{") this.fail("expected {");
    this.i += 1;
    this.skipSpace();
    const name = this.name();
    if (!name) this.fail("expected a placeholder name");
    const node = { name };
    this.skipSpace();
    if (msg[this.i] === "}") {
      this.i += 1;
      return node;
    }
    if (msg[this.i] !== ",") this.fail("expected , or }");
    this.i += 1;
    this.skipSpace();
    const type = this.name();
    if (!type) this.fail("expected a placeholder type");
    node.type = type;
    this.skipSpace();
    if (msg[this.i] === "}") {
      if (SUBMESSAGE_TYPES.includes(type)) this.fail(`expected ${type} sub-messages`);
      this.i += 1;
      return node;
    }
    if (msg[this.i] !== ",") this.fail("expected , or }");
    this.i += 1;
    this.skipSpace();
    if (PLURAL_TYPES.includes(type)) {
      node.offset = 0;
      if (msg.startsWith("offset:", this.i)) {
        this.i += "offset:".length;
        this.skipSpace();
        const start = this.i;
        while (this.i < msg.length && (/[0-9]/.test(msg[this.i]) || (this.i === start && msg[this.i] === "-"))) this.i += 1;
        if (start === this.i) this.fail("expected an offset number");
        node.offset = parseInt(msg.slice(start, this.i), 10);
        this.skipSpace();
      }
    }
    if (SUBMESSAGE_TYPES.includes(type)) {
      node.options = {};
      while (this.i < msg.length && msg[this.i] !== "}") {
        const selector = this.name();
        if (!selector) this.fail("expected a sub-message selector");
        this.skipSpace();
        if (msg[this.i] !== "{") this.fail("expected {");
        this.i += 1;
        node.options[selector] = this.nodes(node);
        if (msg[this.i] !== "}") this.fail("expected }");
        this.i += 1;
        this.skipSpace();
      }
      if (!("other" in node.options)) this.fail(`expected ${type} sub-message other`);
    } else {
      // A style ({n, number, integer}): kept, not used.
      let style = "";
      while (this.i < msg.length && msg[this.i] !== "}") {
        style += msg[this.i];
        this.i += 1;
      }
      node.format = style.trim();
    }
    this.skipSpace();
    if (msg[this.i] !== "}") this.fail("expected }");
    this.i += 1;
    return node;
  }
}

const parsed = new Map();

export function parse(template) {
  let tree = parsed.get(template);
  if (!tree) {
    tree = new Parser(template).nodes(null);
    parsed.set(template, tree);
  }
  return tree;
}

const pluralRules = new Map();

export function pluralCategory(lang, n, ordinal = false) {
  const key = `${lang}:${ordinal}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang, { type: ordinal ? "ordinal" : "cardinal" });
    } catch {
      rules = new Intl.PluralRules("en", { type: ordinal ? "ordinal" : "cardinal" });
    }
    pluralRules.set(key, rules);
  }
  return rules.select(n);
}

// A language-dependent parameter's entry ({"de": "Kiew", "en": "Kiev"}).
export function pick(value, lang) {
  if (value && typeof value === "object" && !Array.isArray(value) && "en" in value) {
    return lang in value ? value[lang] : value.en;
  }
  return value;
}

// A parameter as text, the same as the server's as_text.
export function asText(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(asText).join(", ");
  return String(value);
}

function toNumber(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function render(nodes, values, lang, hashValue) {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      out += node;
    } else if (node.hash) {
      out += hashValue ?? "#";
    } else if (PLURAL_TYPES.includes(node.type)) {
      out += renderPlural(node, values, lang);
    } else if (node.type === "select") {
      const key = node.name in values ? asText(values[node.name]) : "other";
      out += render(node.options[key] ?? node.options.other, values, lang, hashValue);
    } else if (node.name in values) {
      out += asText(values[node.name]);
    } else {
      out += `{${node.name}}`;
    }
  }
  return out;
}

function renderPlural(node, values, lang) {
  const n = toNumber(values[node.name]);
  // No count: the "other" form, with the value (or the gap) for #.
  if (n === null) return render(node.options.other, values, lang, node.name in values ? asText(values[node.name]) : `{${node.name}}`);
  const shown = n - (node.offset || 0);
  let branch = node.options[`=${asText(n)}`];
  if (!branch) {
    const category = pluralCategory(lang, shown, node.type === "selectordinal");
    branch = node.options[category] ?? node.options.other;
  }
  return render(branch, values, lang, asText(shown));
}

// `template` filled with `params` in `lang`; a template that does not parse is
// shown as it is (a test checks that every catalogue parses).
export function formatMessage(template, params = {}, lang = "en") {
  let tree;
  try {
    tree = parse(template);
  } catch {
    return template;
  }
  const values = {};
  for (const [key, value] of Object.entries(params || {})) values[key] = pick(value, lang);
  return render(tree, values, lang, null);
}

function pageLang() {
  return globalThis.document?.documentElement?.lang || "en";
}

// t(key, params): the catalogue's message for `key`, formatted in the page's language.
export function makeT(catalogue, lang = pageLang()) {
  return (key, params = {}) => formatMessage(catalogue[key] ?? key, params, lang);
}
