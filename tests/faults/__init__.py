"""Faults: hostile files, killed and stuck processes, signals, a lossy network, bad command lines."""
