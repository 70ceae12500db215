"""The rules of La Belle Époque, one module per seam of the game (see the § → module index in
docs/belle-epoque.md): the state, setup, the game turn, the Action Phase, disputes, the board,
Prestige, scoring, the view; :mod:`.cards` plays cards and resolves their effects, :mod:`.np`
is the Non-Player Powers' automaton (§13)."""
