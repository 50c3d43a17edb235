"""The commands of the CLI: a module per command holds its options (``add_parser``) and its
run (``run``), cheap to import; what a run does lives in modules it imports only then."""
