from eai.cli import main

main()
