"""Tests across emulated home routers: lab.py builds the network, conftest.py its fixtures."""
