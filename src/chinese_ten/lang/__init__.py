"""The reader's language: catalogs, numerals, ASCII folding. Standard library only."""
