"""Kernel containment layers for the sandboxed candidate, each applied where the OS grants it.

Every function records what it achieved in ``layers`` (a dict reported with each verdict), so a
missing protection is visible rather than silently absent. Standard library only (ctypes).
"""

from __future__ import annotations

import ctypes
import os
import resource
import stat
import sys

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
CLONE_NEW_ANY = CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | 0x02000000 | 0x04000000 \
    | 0x08000000  # + NEWCGROUP, NEWUTS, NEWIPC

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_SECCOMP = 22
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
MS_NOSUID, MS_NODEV, MS_NOEXEC = 2, 4, 8

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def prctl(option: int, arg: int = 0) -> bool:
    return libc.prctl(option, ctypes.c_ulong(arg), 0, 0, 0) == 0


# ----------------------------------------------------------------------------- namespaces


def enter_namespaces(layers: dict, uid: int, gid: int) -> None:
    """New user, mount, PID and network namespaces: the strongest combination the OS grants.

    In a new user namespace the caller maps itself to root *inside* it (uid ``uid`` outside), so
    that the PID-1 reaper may mount a private /proc and the size-capped tmpfs work dir.
    """
    root = os.geteuid() == 0
    attempts = [CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET, CLONE_NEWUSER | CLONE_NEWNET]
    if root:
        attempts[1:1] = [CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET]
        attempts.append(CLONE_NEWNET)
    for flags in attempts:
        if libc.unshare(ctypes.c_int(flags)) == 0:
            layers["user_namespace"] = bool(flags & CLONE_NEWUSER)
            layers["pid_namespace"] = bool(flags & CLONE_NEWPID)
            layers["mount_namespace"] = bool(flags & CLONE_NEWNS)
            layers["network_namespace"] = True
            if flags & CLONE_NEWUSER:
                _write("/proc/self/setgroups", "deny")
                _write("/proc/self/uid_map", f"0 {uid} 1")
                _write("/proc/self/gid_map", f"0 {gid} 1")
            return
    layers.update(user_namespace=False, pid_namespace=False, mount_namespace=False, network_namespace=False)


def _write(path: str, text: str) -> None:
    with open(path, "w") as f:
        f.write(text)


def private_mounts(workdir: str, disk_mb: int, layers: dict) -> None:
    """In the new mount namespace (as PID 1): a /proc that shows only the sandbox's processes,
    and a tmpfs of ``disk_mb`` over the work dir, which caps everything the program writes."""
    layers["private_proc"] = layers["disk_tmpfs"] = False
    if not layers.get("mount_namespace"):
        return
    if libc.mount(b"none", b"/", None, ctypes.c_ulong(MS_REC | MS_PRIVATE), None) != 0:
        return
    if layers.get("pid_namespace"):
        flags = ctypes.c_ulong(MS_NOSUID | MS_NODEV | MS_NOEXEC)
        layers["private_proc"] = libc.mount(b"proc", b"/proc", b"proc", flags, None) == 0
    opts = f"size={int(disk_mb)}m,nr_inodes=4096,mode=0700".encode()
    flags = ctypes.c_ulong(MS_NOSUID | MS_NODEV)
    layers["disk_tmpfs"] = libc.mount(b"tmpfs", workdir.encode(), b"tmpfs", flags, opts) == 0


# ----------------------------------------------------------------------------- Landlock

SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1, 1 << 1, 1 << 2, 1 << 3
FS_REMOVE_DIR, FS_REMOVE_FILE, FS_MAKE_CHAR, FS_MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
FS_MAKE_REG, FS_MAKE_SOCK, FS_MAKE_FIFO, FS_MAKE_BLOCK, FS_MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
FS_REFER, FS_TRUNCATE, FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15  # ABI 2, 3, 5
NET_BIND_TCP, NET_CONNECT_TCP = 1, 2  # ABI 4
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2  # ABI 6


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def interpreter_paths() -> list[str]:
    """What the interpreter needs to read after lock-down: its library dirs, sys.path, shared libs."""
    paths = {sys.base_prefix + "/lib", sys.prefix + "/lib", os.path.dirname(os.__file__), "/lib", "/lib64",
             "/usr/lib", "/usr/lib64", "/usr/local/lib", "/usr/share/zoneinfo", "/etc/ld.so.cache",
             "/etc/localtime", "/dev/urandom", "/dev/zero"}
    paths.update(p for p in sys.path if p)  # site-packages, lib-dynload, editable installs
    real = {os.path.realpath(p) for p in paths}
    return sorted(p for p in real if os.path.exists(p) and p != "/")


def landlock(workdir: str, read_paths: list[str], layers: dict) -> None:
    """Reads only in ``read_paths`` and the work dir, writes only in the work dir (and /dev/null),
    no execve, no TCP (ABI >= 4), no abstract UNIX sockets or signals out of the sandbox (ABI >= 6).
    Landlock also forbids ptrace of, and /proc access to, every process outside the sandbox."""
    layers["landlock"] = 0
    abi = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    if abi < 1:
        return
    write = (FS_WRITE_FILE | FS_REMOVE_DIR | FS_REMOVE_FILE | FS_MAKE_CHAR | FS_MAKE_DIR | FS_MAKE_REG
             | FS_MAKE_SOCK | FS_MAKE_FIFO | FS_MAKE_BLOCK | FS_MAKE_SYM)
    read = FS_READ_FILE | FS_READ_DIR
    fs = FS_EXECUTE | read | write | (FS_REFER if abi >= 2 else 0) | (FS_TRUNCATE if abi >= 3 else 0) \
        | (FS_IOCTL_DEV if abi >= 5 else 0)
    net = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(fs, net, scoped)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        return
    file_only = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV
    work_rights = fs & ~FS_EXECUTE
    rules = [(workdir, work_rights), ("/dev/null", FS_READ_FILE | FS_WRITE_FILE | (FS_TRUNCATE if abi >= 3 else 0))]
    rules += [(p, read) for p in read_paths if os.path.realpath(p) != os.path.realpath(workdir)]
    try:
        for path, rights in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            if not stat.S_ISDIR(os.fstat(fd).st_mode):
                rights &= file_only & fs
            rule = _PathBeneathAttr(rights, fd)
            ok = libc.syscall(SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(1), ctypes.byref(rule),
                              ctypes.c_uint32(0))
            os.close(fd)
            if ok != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule({path})")
        if libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self")
    finally:
        os.close(ruleset)
    layers["landlock"] = int(abi)
    layers["landlock_reads"] = True
    layers["landlock_net"] = bool(net)
    layers["landlock_scopes"] = bool(scoped)


# ----------------------------------------------------------------------------- seccomp

AUDIT_ARCH_X86_64 = 0xC000003E
_X86_64_DENY = {  # syscall: errno.  Kernel attack surface and ways out a candidate never needs.
    101: 1, 310: 1, 311: 1, 312: 1, 438: 1,  # ptrace, process_vm_readv/writev, kcmp, pidfd_getfd
    165: 1, 166: 1, 155: 1, 161: 1, 272: 1, 308: 1,  # mount, umount2, pivot_root, chroot, unshare, setns
    428: 1, 429: 1, 430: 1, 431: 1, 432: 1, 433: 1, 442: 1,  # open_tree, move_mount, fs*, mount_setattr
    321: 1, 298: 1, 323: 1, 425: 1, 426: 1, 427: 1,  # bpf, perf_event_open, userfaultfd, io_uring_*
    248: 1, 249: 1, 250: 1, 246: 1, 320: 1, 175: 1, 313: 1, 176: 1,  # keys, kexec, modules
    169: 1, 167: 1, 168: 1, 163: 1, 179: 1, 303: 1, 304: 1,  # reboot, swap, acct, quotactl, handles
    59: 1, 322: 1,  # execve, execveat (Landlock cannot stop an exec from a memfd)
    435: 38,  # clone3: ENOSYS, so that libc falls back to clone, whose flags the filter can see
}
_SYS_SOCKET, _SYS_CLONE = 41, 56
_AF_INET, _AF_INET6 = 2, 10


def seccomp(layers: dict) -> None:
    """A BPF filter: sockets only of the IP families, which the network namespace confines (no
    UNIX, vsock, netlink or packet sockets; socketpair stays allowed), no namespace-creating clone,
    no exec, and none of the syscalls in ``_X86_64_DENY``. x86_64 only; elsewhere reported missing."""
    layers["seccomp"] = False
    if os.uname().machine != "x86_64":
        return
    ld_w_abs, jeq_k, jset_k, ret_k = 0x20, 0x15, 0x45, 0x06
    allow, kill = 0x7FFF0000, 0x80000000

    def errno_ret(e: int) -> int:
        return 0x00050000 | e

    prog: list[tuple[int, int, int, int]] = [(ld_w_abs, 0, 0, 4), (jeq_k, 1, 0, AUDIT_ARCH_X86_64),
                                             (ret_k, 0, 0, kill), (ld_w_abs, 0, 0, 0)]
    prog += [(0x35, 0, 1, 0x40000000), (ret_k, 0, 0, errno_ret(1))]  # jge: x32 ABI numbers
    for nr, err in _X86_64_DENY.items():
        prog += [(jeq_k, 0, 1, nr), (ret_k, 0, 0, errno_ret(err))]
    prog += [(jeq_k, 0, 4, _SYS_SOCKET), (ld_w_abs, 0, 0, 16), (jeq_k, 2, 0, _AF_INET), (jeq_k, 1, 0, _AF_INET6),
             (ret_k, 0, 0, errno_ret(13))]
    prog += [(ld_w_abs, 0, 0, 0), (jeq_k, 0, 3, _SYS_CLONE), (ld_w_abs, 0, 0, 16),
             (jset_k, 0, 1, CLONE_NEW_ANY), (ret_k, 0, 0, errno_ret(1)), (ret_k, 0, 0, allow)]

    class SockFilter(ctypes.Structure):
        _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(SockFilter))]

    filters = (SockFilter * len(prog))(*[SockFilter(*ins) for ins in prog])
    fprog = SockFprog(len(prog), filters)
    if libc.prctl(PR_SET_SECCOMP, ctypes.c_ulong(2), ctypes.byref(fprog), 0, 0) == 0:
        layers["seccomp"] = True


# ----------------------------------------------------------------------------- credentials, limits


PR_CAPBSET_DROP = 24
PR_SET_SECUREBITS = 28
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
#: NOROOT, NO_SETUID_FIXUP, KEEP_CAPS and NO_CAP_AMBIENT_RAISE, each with its lock bit
SECURE_BITS = 0x01 | 0x02 | 0x04 | 0x08 | 0x20 | 0x40 | 0x80


def drop_capabilities() -> bool:
    """No capabilities, now or after any execve: empty bounding and ambient sets, the
    "uid 0 is not special" securebits locked, then empty capability sets. Root (in or out of a
    user namespace) keeps no power; returns whether the bounding set could be emptied."""
    bounding = True
    for cap in range(64):
        if libc.prctl(PR_CAPBSET_DROP, ctypes.c_ulong(cap), 0, 0, 0) != 0 and ctypes.get_errno() != 22:
            bounding = False  # EINVAL past the last capability is expected; EPERM is not
    libc.prctl(PR_CAP_AMBIENT, ctypes.c_ulong(PR_CAP_AMBIENT_CLEAR_ALL), 0, 0, 0)
    libc.prctl(PR_SET_SECUREBITS, ctypes.c_ulong(SECURE_BITS), 0, 0, 0)

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]

    header, data = Header(0x20080522, 0), (Data * 2)()
    if libc.capset(ctypes.byref(header), ctypes.byref(data)) != 0:
        raise OSError(ctypes.get_errno(), "capset")
    return bounding


def set_rlimits(cfg: dict, nproc: int | None) -> None:
    mem = int(cfg["memory_mb"]) * 1024 * 1024
    cpu = int(float(cfg["timeout"])) + 1
    limits = [(resource.RLIMIT_CPU, (cpu, cpu + 1)), (resource.RLIMIT_AS, (mem, mem)),
              (resource.RLIMIT_FSIZE, (int(cfg["max_file_mb"]) * 1024 * 1024,) * 2),
              (resource.RLIMIT_NOFILE, (int(cfg["max_open_files"]),) * 2), (resource.RLIMIT_CORE, (0, 0))]
    if nproc is not None:
        limits.append((resource.RLIMIT_NPROC, (nproc, nproc)))
    for which, value in limits:
        resource.setrlimit(which, value)


def readable_by_others(path: str) -> bool:
    """Every directory on the way to ``path`` searchable by others, ``path`` itself readable."""
    parts = os.path.realpath(path).split(os.sep)
    mode = 0
    for i in range(2, len(parts) + 1):
        try:
            mode = os.stat(os.sep.join(parts[:i]) or os.sep).st_mode
        except OSError:
            return True  # a sys.path entry that does not exist cannot block an import
        if not mode & stat.S_IXOTH:
            return False
    return bool(mode & stat.S_IROTH)


def install_audit_guard(workdir: str, guards: set[str]) -> None:
    """An audit hook (Python code cannot remove one) for layers the kernel did not give:
    ``files`` (writes outside the work dir), ``network``, ``processes``, ``signals``.
    A last line of defence only: ctypes can go around it, which is why it is reported."""
    root = os.path.realpath(workdir)
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    path_events = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link",
                   "os.chmod", "os.chown", "os.truncate", "os.utime", "shutil.rmtree", "os.chflags"}
    net_events = {"socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg",
                  "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"}
    process_events = {"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system",
                      "os.exec", "subprocess.Popen", "ctypes.dlopen", "ctypes.dlsym"}
    signal_events = {"os.kill", "os.killpg", "signal.pthread_kill"}
    me = os.getpid()

    def inside(path: object) -> bool:
        if isinstance(path, int):
            return True
        try:
            real = os.path.realpath(os.fsdecode(path))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
        return real == root or real.startswith(root + os.sep) or real == "/dev/null"

    def guard(event: str, args: tuple) -> None:
        if "files" in guards:
            if event == "open":
                path, mode, flags = args
                writing = (flags or 0) & write_flags or (isinstance(mode, str) and any(c in mode for c in "wax+"))
                if writing and path is not None and not inside(path):
                    raise PermissionError(f"sandbox: writing outside the work dir: {path}")
            elif event in path_events:
                for arg in args[:2]:
                    if isinstance(arg, (str, bytes, os.PathLike)) and not inside(arg):
                        raise PermissionError(f"sandbox: {event} outside the work dir")
        if "network" in guards and event in net_events:
            raise PermissionError(f"sandbox: no network ({event})")
        if "processes" in guards and event in process_events:
            raise PermissionError(f"sandbox: no new processes ({event})")
        if "signals" in guards and event in signal_events and args and args[0] != me:
            raise PermissionError(f"sandbox: no signals to other processes ({event})")

    sys.addaudithook(guard)
