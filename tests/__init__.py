"""The test suite, by purpose (tests/README.md): shared helpers live here, the tests in the folders."""
