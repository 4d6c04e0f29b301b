from bingo.cli import main

raise SystemExit(main())
