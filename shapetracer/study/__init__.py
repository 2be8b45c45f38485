"""The failed-job study: classify each job's failure from its log, check whether static
tools would have reported it, and tabulate detection per failure category.

``classify_log`` (classify.py) reads a log; ``run_study`` (run.py) does a whole folder
of jobs; ``shapetracer study`` (cli.py) is the command.
"""

from shapetracer.study.classify import classify_log

__all__ = ["classify_log"]
