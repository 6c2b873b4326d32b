"""Tools that drive the app for measurement and checks: bench, shot, the self-test and the tutorial driver."""
