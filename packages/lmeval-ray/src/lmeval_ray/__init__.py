"""lmeval on Ray: ``lmeval run --executor ray:replicas=N`` spreads a run's model calls over
model replicas held by Ray actors (:class:`lmeval_ray.pool.RayPool`)."""

__version__ = "0.1.0"
