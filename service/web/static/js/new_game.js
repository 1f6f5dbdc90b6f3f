// The "new game" form: show the options of the chosen game and, per seat, the
// name field or bot level only when that kind of seat is chosen.  The form offers
// only what the game accepts (issue 27): the server lists the option combinations
// the engine refuses per player count (``data-checks``, from the engine itself);
// a choice that would be refused with the seats as they stand is disabled and says
// why, and a refused combination is named before anybody submits.

function seatCount() {
  return [...document.querySelectorAll(".seat-row")].filter((row) =>
    !row.hidden && row.querySelector(".seat-kind").value !== "none").length;
}

function checksOf(fieldset) {
  try {
    return JSON.parse(fieldset.dataset.checks || "null");
  } catch {
    return null;
  }
}

/** The refusal code for ``values`` (one per key) with ``players`` seats, or null. */
function refusedCode(combinations, values, players) {
  const row = combinations.refused.find((r) => r[0] === players
    && values.every((value, i) => String(r[i + 1]) === String(value)));
  return row ? row[row.length - 1] : null;
}

function checkOptions(fieldset) {
  const checks = checksOf(fieldset);
  const line = fieldset.querySelector(".options-refusal");
  const submit = document.getElementById("create-submit");
  if (!checks?.combinations || !line) {
    submit.disabled = false;
    return;
  }
  const { combinations, reasons } = checks;
  const game = fieldset.dataset.game;
  const inputs = combinations.keys.map((key) => fieldset.querySelector(`[name="opt-${game}-${key}"]`));
  const read = (el) => (el?.type === "checkbox" ? el.checked : el?.value);
  const values = inputs.map(read);
  const players = seatCount();
  inputs.forEach((el, i) => {
    if (!el) return;
    const wouldBe = (value) => refusedCode(combinations, values.map((v, j) => (j === i ? value : v)), players);
    if (el.type === "checkbox") {
      // Only an unticked box is disabled: a disabled box would not be sent at all.
      const code = el.checked ? null : wouldBe(true);
      el.disabled = Boolean(code);
      el.closest("label").title = code ? reasons[code] || "" : "";
    } else {
      for (const option of el.options) {
        const code = option.selected ? null : wouldBe(option.value);
        option.disabled = Boolean(code);
        option.title = code ? reasons[code] || "" : "";
      }
    }
  });
  const code = refusedCode(combinations, values, players);
  line.textContent = code ? reasons[code] || code : "";
  line.hidden = !code;
  submit.disabled = Boolean(code);
}

function update() {
  const select = document.getElementById("game-select");
  const game = select.value;
  const max = Number(select.selectedOptions[0]?.dataset.max || 99);
  for (const row of document.querySelectorAll(".seat-row")) {
    const kind = row.querySelector(".seat-kind");
    row.hidden = Number(row.dataset.row) >= max;
    if (row.hidden) kind.value = "none";
    row.querySelector(".seat-name").hidden = kind.value !== "user";
    row.querySelector(".seat-bot").hidden = kind.value !== "bot";
  }
  for (const fieldset of document.querySelectorAll("fieldset.options")) {
    fieldset.hidden = fieldset.dataset.game !== game;
    fieldset.disabled = fieldset.dataset.game !== game;
    if (!fieldset.hidden) checkOptions(fieldset);
  }
}

document.getElementById("game-select").addEventListener("change", update);
for (const kind of document.querySelectorAll(".seat-kind")) kind.addEventListener("change", update);
for (const input of document.querySelectorAll("fieldset.options select, fieldset.options input")) {
  input.addEventListener("change", update);
}
update();
