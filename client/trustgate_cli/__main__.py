from trustgate_cli.cli import main

raise SystemExit(main())
