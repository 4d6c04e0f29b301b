"""What the bingo draw, the cards and the card games share: errors, paths, config helpers, the Qt
runtime set-up, fonts and theme. Imports none of `bingo`, `cards` or `games`."""
