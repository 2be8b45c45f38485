"""The rules: every finding code with its name, severity, docs and the facts its findings
carry (``codes``), those facts' names and kinds (``facts``), a message as a template and its
facts (``message``), the finding itself (``findings``), and the comments that suppress
findings (``suppressions``).

The lowest layer of the package: it imports nothing else of shapetracer, so the domain,
the op specs and every app may name a code."""
