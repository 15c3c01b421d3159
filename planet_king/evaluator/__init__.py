"""The learned position evaluator: a position's features (``features``) and a trained
model of the reign's outcome (``model``), valued in microseconds, no playouts."""
