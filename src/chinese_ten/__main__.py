"""``python -m chinese_ten`` runs the command line."""

import sys

from chinese_ten.cli.main import main

sys.exit(main())
