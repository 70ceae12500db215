"""The rules of Struggle of Empires, one module per procedure of the rules summary."""
