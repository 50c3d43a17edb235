"""SIGTERM and SIGHUP ending a long command as Ctrl+C does, with the exit status they name."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, unwound like Ctrl+C (the worker pool is terminated on the way out,
    so no worker is left writing tracebacks into a closed pipe); exit 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.code = 128 + signum


def stop_on_hangup_or_term() -> None:
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
