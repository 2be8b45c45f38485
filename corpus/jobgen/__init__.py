"""Templates and bug injectors that compose the failed-job corpus (see corpus/make_jobs.py)."""
