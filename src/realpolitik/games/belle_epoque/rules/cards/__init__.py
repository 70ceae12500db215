"""Playing a card (§8.6) and resolving its effect, in one place.

An action that plays a card goes :mod:`.play` (which cards, which choices, paying) →
:mod:`.resolution` (running the effect's steps, suspending the turn for a choice) →
:mod:`.primitives` and :mod:`.placement` (what each step does) → back to :mod:`.resolution`
until the card is done. Event cards (§6) run through the same steps (``rules/events.py``).
"""
