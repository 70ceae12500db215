"""Tests of La Belle Époque: content data, and later its rules."""
