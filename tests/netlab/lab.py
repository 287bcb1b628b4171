"""A network lab: home routers, their hosts and a piece of internet, in Linux network namespaces.

    lab = Lab(dist, workdir)               # needs root, `ip`, `nft`, coturn's `turnserver`
    lab.start()                            # the "wan": a bridge on 203.0.113.0/24, turnserver
    lab.home("a", nat="port-restricted")   # a router: masquerade, new connections from the wan
                                           # dropped (a typical home router)
    lab.home("c", nat="symmetric")         # a router whose masquerade is fully random
    a1 = lab.host("a1", "a")               # a host behind router "a" (more hosts: one LAN)
    lab.origin(a1)                         # "http://127.0.0.1:8000/": dist/ served in a1
    lab.chromium(a1)                       # an executable that runs Chromium inside a1 (for
                                           # Playwright's executable_path)
    lab.stun_url                           # "stun:203.0.113.1:3478"
    lab.stun_urls                          # that and "stun:203.0.113.2:3478": two STUN servers
                                           # (the same turnserver on two addresses), as a page
                                           # needs to see a symmetric NAT
    lab.turn()                             # an iceServers entry for the TURN server, with its
                                           # username and credential
    lab.stun_packets()                     # UDP packets to port 3478 that left any home so far
    lab.close()                            # everything torn down (also after a failure)

Every name starts with the lab's prefix (the pid by default), so labs of parallel test workers
never meet, and namespaces a killed run left behind are removed by the next lab to start. Each
host namespace has a loopback of its own: every host serves dist/ on the same 127.0.0.1:PORT,
and a page there makes no request off 127.0.0.1. IPv6 is off in the lab: the routers model IPv4
NAT, and a v6 path would go around them.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NATS = ("port-restricted", "symmetric")
WAN_NET = "203.0.113"  # TEST-NET-3: the lab's "internet"
SERVER_IP = f"{WAN_NET}.1"
SECOND_IP = f"{WAN_NET}.2"  # the turnserver's second address: a second STUN server
STUN_PORT = 3478
RELAY_PORTS = (49160, 49199)
SITE_PORT = 8000
NAME = re.compile(r"^[a-z0-9]{1,8}$")
STALE = re.compile(r"^kzlab(\d+)-")


def tool(name: str) -> str | None:
    """A tool's path (root's tools live in sbin, which a user's PATH may lack)."""
    return shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")


def unavailable() -> str | None:
    """Why the lab cannot be built here, or None."""
    if os.geteuid() != 0:
        return "the network lab needs root (network namespaces, nft)"
    for name in ("ip", "nft", "turnserver"):
        if not tool(name):
            return f"the network lab needs `{name}` (scripts/setup installs coturn and nftables)"
    probe = f"kzlab{os.getpid()}-probe"
    made = subprocess.run([tool("ip"), "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"cannot make a network namespace: {made.stderr.strip()}"
    subprocess.run([tool("ip"), "netns", "del", probe], capture_output=True)
    return None


def run(*args: str, input: str | None = None) -> str:
    """A command's output; RuntimeError with its message when it fails."""
    args = (tool(args[0]) or args[0], *args[1:])
    done = subprocess.run(args, input=input, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def netns_exec(ns: str, *args: str, input: str | None = None) -> str:
    return run("ip", "netns", "exec", ns, *args, input=input)


@dataclass
class Home:
    """A router (its namespace, its address on the wan) and the hosts on its LAN."""
    name: str
    nat: str
    index: int
    router: str  # its namespace
    wan_ip: str
    lan_net: str  # "192.168.N"
    hosts: list[Host] = field(default_factory=list)


@dataclass
class Host:
    """A machine behind a home's router: its namespace, LAN address, site and Chromium."""
    name: str
    home: Home
    ns: str
    ip: str
    origin: str
    chromium: Path


class Lab:
    def __init__(self, dist: Path, workdir: Path, prefix: str | None = None,
                 user: str = "kozyr", password: str = "lab-secret") -> None:
        self.dist = Path(dist)
        self.workdir = Path(workdir)
        self.prefix = prefix or f"kzlab{os.getpid()}"
        self.user, self.password = user, password
        self.wan = f"{self.prefix}-wan"
        self.homes: dict[str, Home] = {}
        self.hosts: dict[str, Host] = {}
        self.namespaces: list[str] = []
        self.procs: list[subprocess.Popen] = []  # servers and the turnserver
        self.turn_log = self.workdir / "turnserver.log"

    # --- the API ---------------------------------------------------------------------------

    stun_url = f"stun:{SERVER_IP}:{STUN_PORT}"
    # A symmetric NAT shows itself to a page only as one socket seen on two public ports by
    # two servers: a router that maps every destination anew.
    stun_urls = (stun_url, f"stun:{SECOND_IP}:{STUN_PORT}")
    turn_url = f"turn:{SERVER_IP}:{STUN_PORT}"

    def turn(self, user: str | None = None, password: str | None = None) -> dict:
        """An iceServers entry for the lab's TURN server (its own user unless told)."""
        return {"urls": self.turn_url, "username": user or self.user,
                "credential": password or self.password}

    def home(self, name: str, nat: str = "port-restricted") -> Home:
        """The home `name`, its router made on first asking."""
        if name in self.homes:
            home = self.homes[name]
            if home.nat != nat:
                raise ValueError(f"home {name} is {home.nat}, not {nat}")
            return home
        if nat not in NATS:
            raise ValueError(f"nat is one of {NATS}, not {nat!r}")
        if not NAME.match(name):
            raise ValueError(f"a home's name is 1-8 of a-z0-9, not {name!r}")
        index = len(self.homes) + 1
        home = Home(name, nat, index, self._ns(f"r{name}"), f"{WAN_NET}.{10 + index}",
                    f"192.168.{index}")
        self._router(home)
        self.homes[name] = home
        return home

    def host(self, name: str, home: str | Home) -> Host:
        """The host `name` behind `home`'s router (a home of that name is made port-restricted
        if there is none), serving dist/ on its own 127.0.0.1."""
        if name in self.hosts:
            return self.hosts[name]
        if not NAME.match(name):
            raise ValueError(f"a host's name is 1-8 of a-z0-9, not {name!r}")
        if not isinstance(home, Home):
            home = self.homes.get(home) or self.home(home)
        host = Host(name, home, self._ns(f"h{name}"), f"{home.lan_net}.{10 + len(home.hosts)}",
                    f"http://127.0.0.1:{SITE_PORT}/", self.workdir / f"chromium-{name}")
        self._host(host)
        home.hosts.append(host)
        self.hosts[name] = host
        return host

    def origin(self, host: str | Host) -> str:
        """The base URL of dist/ as `host` sees it."""
        return self._find(host).origin

    def chromium(self, host: str | Host) -> Path:
        """An executable that starts Chromium inside `host`'s namespace."""
        return self._find(host).chromium

    def run(self, where: str | Host | Home, *args: str, input: str | None = None) -> str:
        """A command run inside a host's or a router's namespace (its output), e.g.
        lab.run(a1, "ip", "link", "set", "eth0", "down") to unplug a1 from its network."""
        ns = where.router if isinstance(where, Home) else self._find(where).ns
        return netns_exec(ns, *args, input=input)

    def stun_packets(self, home: str | Home | None = None) -> int:
        """UDP packets to port 3478 that left `home` (any home, when None) for the wan."""
        homes = [self.homes[home] if isinstance(home, str) else home] if home else \
            self.homes.values()
        total = 0
        for h in homes:
            out = netns_exec(h.router, "nft", "list", "counter", "inet", "lab", "stun")
            total += int(re.search(r"packets (\d+)", out).group(1))
        return total

    # --- building --------------------------------------------------------------------------

    def start(self) -> Lab:
        self.workdir.mkdir(parents=True, exist_ok=True)
        if not (self.dist / "index.html").is_file():
            raise FileNotFoundError(f"{self.dist} has no index.html: build the site first")
        remove_stale()
        try:
            self._make_ns(self.wan)
            ip = ["ip", "-n", self.wan]
            run(*ip, "link", "add", "br0", "address", bridge_mac(0), "type", "bridge")
            run(*ip, "addr", "add", f"{SERVER_IP}/24", "dev", "br0")
            run(*ip, "addr", "add", f"{SECOND_IP}/24", "dev", "br0")
            run(*ip, "link", "set", "br0", "up")
            self._turnserver()
        except BaseException:
            self.close()
            raise
        return self

    def close(self) -> None:
        """Stops the lab's processes and removes its namespaces; safe to call again."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.procs.clear()
        for ns in reversed(self.namespaces):
            delete_ns(ns)
        self.namespaces.clear()

    def __enter__(self) -> Lab:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def _find(self, host: str | Host) -> Host:
        return host if isinstance(host, Host) else self.hosts[host]

    def _ns(self, name: str) -> str:
        return f"{self.prefix}-{name}"

    def _make_ns(self, ns: str) -> None:
        run("ip", "netns", "add", ns)
        self.namespaces.append(ns)
        run("ip", "-n", ns, "link", "set", "lo", "up")
        netns_exec(ns, "sh", "-c", "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6 && "
                   "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6")

    def _router(self, home: Home) -> None:
        r = home.router
        self._make_ns(r)
        # the router's wan side: a port on the wan's bridge
        run("ip", "-n", self.wan, "link", "add", f"r{home.index}", "type", "veth",
            "peer", "name", "wan0", "netns", r)
        run("ip", "-n", self.wan, "link", "set", f"r{home.index}", "master", "br0", "up")
        run("ip", "-n", r, "addr", "add", f"{home.wan_ip}/24", "dev", "wan0")
        run("ip", "-n", r, "link", "set", "wan0", "up")
        # its LAN: a bridge, so that hosts behind one router are on one network (mDNS works)
        run("ip", "-n", r, "link", "add", "lan0", "address", bridge_mac(home.index), "type",
            "bridge")
        run("ip", "-n", r, "addr", "add", f"{home.lan_net}.1/24", "dev", "lan0")
        run("ip", "-n", r, "link", "set", "lan0", "up")
        netns_exec(r, "sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward")
        masquerade = "masquerade fully-random" if home.nat == "symmetric" else "masquerade"
        # Without the input rule, a peer's first hole-punching packet reaches the router itself,
        # its conntrack entry takes the port of the host's mapping, and the host's own packets
        # are then mapped to another port: even a port-restricted NAT would act symmetric.
        netns_exec(r, "nft", "-f", "-", input=f"""
table inet lab {{
  counter stun {{}}
  chain input {{
    type filter hook input priority filter; policy accept;
    iifname "wan0" ct state new drop
  }}
  chain forward {{
    type filter hook forward priority filter; policy accept;
    iifname "wan0" ct state new drop
  }}
  chain out {{
    type filter hook postrouting priority filter; policy accept;
    oifname "wan0" udp dport {STUN_PORT} counter name stun
  }}
}}
table ip nat {{
  chain postrouting {{
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan0" {masquerade}
  }}
}}
""")

    def _host(self, host: Host) -> None:
        h, r = host.ns, host.home.router
        self._make_ns(h)
        port = f"h{len(host.home.hosts) + 1}"
        run("ip", "-n", r, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", h)
        run("ip", "-n", r, "link", "set", port, "master", "lan0", "up")
        run("ip", "-n", h, "addr", "add", f"{host.ip}/24", "dev", "eth0")
        run("ip", "-n", h, "link", "set", "eth0", "up")
        run("ip", "-n", h, "route", "add", "default", "via", f"{host.home.lan_net}.1")
        chromium = os.environ.get("KOZYR_CHROMIUM", "/usr/bin/chromium")
        host.chromium.write_text(f'#!/bin/sh\nexec {tool("ip")} netns exec {h} {chromium} "$@"\n')
        host.chromium.chmod(0o755)
        log = self.workdir / f"server-{host.name}.log"
        server = self._spawn(log, h, sys.executable, str(ROOT / "scripts" / "server.py"),
                             "--dir", str(self.dist), "--port", str(SITE_PORT))
        # it prints its line once its socket is bound
        wait_for(lambda: "kozyr: serving" in log.read_text(), server, log)

    def _turnserver(self) -> None:
        lo, hi = RELAY_PORTS
        # no config file (-n), its own pid file and user db: nothing shared with the machine's
        proc = self._spawn(
            self.workdir / "turnserver.out", self.wan, tool("turnserver"), "-n", "--no-cli",
            f"--listening-ip={SERVER_IP}", f"--relay-ip={SERVER_IP}",
            f"--listening-ip={SECOND_IP}", f"--listening-port={STUN_PORT}",
            f"--min-port={lo}", f"--max-port={hi}",
            "--lt-cred-mech", f"--user={self.user}:{self.password}", "--realm=lab.kozyr",
            "--no-tls", "--no-dtls", "--fingerprint", "--simple-log",
            f"--log-file={self.turn_log}", f"--pidfile={self.workdir / 'turnserver.pid'}",
            f"--userdb={self.workdir / 'turndb'}")
        # listening once its relay threads exist
        wait_for(lambda: self.turn_log.exists() and "Total General servers" in
                 self.turn_log.read_text(errors="replace"), proc, self.turn_log)

    def _spawn(self, log: Path, ns: str, *args: str) -> subprocess.Popen:
        with open(log, "w") as out:
            proc = subprocess.Popen([tool("ip"), "netns", "exec", ns, *args], stdout=out,
                                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.procs.append(proc)
        return proc


def bridge_mac(index: int) -> str:
    """A bridge's own MAC address (locally administered). A bridge not given one takes the
    lowest of its ports': a router (or host) added later may change it, and the neighbours
    that knew the old one then lose what they send to the bridge's address (the STUN server,
    a home's gateway) until they ask again, some 15 s later."""
    return f"02:00:00:00:{index:02x}:01"


def wait_for(ready, proc: subprocess.Popen, log: Path, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not ready():
        if proc.poll() is not None or time.monotonic() > end:
            text = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"not ready (exit {proc.poll()}): {' '.join(proc.args)}\n{text}")
        time.sleep(0.02)


def delete_ns(ns: str) -> None:
    """The namespace gone, and whatever still runs inside it ended first."""
    pids = subprocess.run([tool("ip"), "netns", "pids", ns], capture_output=True, text=True).stdout
    for pid in pids.split():
        try:
            os.kill(int(pid), signal.SIGKILL)
        except ProcessLookupError:
            pass
    subprocess.run([tool("ip"), "netns", "del", ns], capture_output=True)


def remove_stale() -> None:
    """Namespaces of labs whose process is gone (a run that was killed)."""
    listing = subprocess.run([tool("ip"), "netns", "list"], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        ns = line.split()[0] if line.split() else ""
        m = STALE.match(ns)
        if m and not Path(f"/proc/{m.group(1)}").exists():
            delete_ns(ns)
