"""Checks that only a whole project or job can make: an import no declared requirement
installs (``requirements``), a file the program reads that the job does not hold (``files``).

Both read a ``project.Workspace`` (a repository on disk or a job's members) besides the
checked file, and report under the study's categories (import-error, file-not-found).
"""
