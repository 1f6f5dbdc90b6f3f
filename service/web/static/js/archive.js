// The archive's search form: choosing a game shows that game's options as fields
// (the server builds them from the game's option schema), so search again at once.

const game = document.getElementById("archive-game");
game?.addEventListener("change", () => {
  for (const field of document.querySelectorAll("#archive-options [name^='opt-']")) field.disabled = true;
  game.form.requestSubmit();
});
