"""Daifugō (大富豪): rules engine, CPU players, chips and the Qt table."""
