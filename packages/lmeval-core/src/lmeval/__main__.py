from lmeval.cli import main

raise SystemExit(main())
