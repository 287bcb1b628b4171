"""Pieces every table draws: card markup, the hand and the stock, the seats, words."""
