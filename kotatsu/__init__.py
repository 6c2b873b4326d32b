"""The composition root: the command line that ties the engine (``game``) to the screens (``scenes``).

``game`` knows nothing of pygame or of ``scenes``; ``scenes`` draws what ``game`` decides. Only this
package imports both, so the layers stay one-way: kotatsu -> scenes -> game.
"""
