// The "new game" form: show the options of the chosen game and, per seat, the
// name field or bot level only when that kind of seat is chosen.

function update() {
  const select = document.getElementById("game-select");
  const game = select.value;
  const max = Number(select.selectedOptions[0]?.dataset.max || 99);
  for (const fieldset of document.querySelectorAll("fieldset.options")) {
    fieldset.hidden = fieldset.dataset.game !== game;
    fieldset.disabled = fieldset.dataset.game !== game;
  }
  for (const row of document.querySelectorAll(".seat-row")) {
    const kind = row.querySelector(".seat-kind");
    row.hidden = Number(row.dataset.row) >= max;
    if (row.hidden) kind.value = "none";
    row.querySelector(".seat-name").hidden = kind.value !== "user";
    row.querySelector(".seat-bot").hidden = kind.value !== "bot";
  }
}

document.getElementById("game-select").addEventListener("change", update);
for (const kind of document.querySelectorAll(".seat-kind")) kind.addEventListener("change", update);
update();
