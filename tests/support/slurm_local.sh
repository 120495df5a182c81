#!/bin/bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Starts a one-node SLURM cluster for tst_slurm from Debian's packages (slurmctld, slurmd,
# slurm-client, munge), without systemd. Usage: slurm_local.sh DIR
#
# Everything of the cluster lives in DIR (slurm.conf, state, spool, logs, pid files) except munge's
# socket in /run/munge and SLURM's fixed ports 6817/6818; clients find the cluster through
# SLURM_CONF=DIR/slurm.conf. Each daemon this script starts is written to DIR/started as
# "<name> <pid>": the test stops exactly those, by pid (a munged that was already running is left
# alone). Facts behind the settings: docs/cluster.md, "The test cluster".
#
# Exit 77 (the test skips, saying why) without root or without the packages; 1 if a daemon fails.
set -euo pipefail
dir=$1
skip() { echo "skip: $*"; exit 77; }

[ "$(id -u)" -eq 0 ] || skip "starting slurmctld, slurmd and munged needs root"
for b in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/bin/sbatch /usr/bin/squeue /usr/sbin/munged; do
  [ -x "$b" ] || skip "$b is missing (packages slurmctld slurmd slurm-client munge: packaging/install-deps.sh)"
done
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
  skip "a SLURM daemon already runs on this host (one cluster per host: fixed ports)"
fi

install -d -m 0755 "$dir" "$dir/spool"
install -d -o slurm -g slurm -m 0755 "$dir/state" "$dir/log"
: > "$dir/started"

# Munge: its key (Debian's package makes one), its run folder, the daemon as its user.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key
    chmod 0600 /etc/munge/munge.key
  fi
  install -d -o munge -g munge -m 0755 /run/munge
  runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 50); do [ -s /run/munge/munged.pid ] && break; sleep 0.1; done
  echo "munged $(cat /run/munge/munged.pid)" >> "$dir/started"
  munge -n | unmunge >/dev/null || { echo "munged does not answer"; exit 1; }
fi

host=$(hostname -s)
# The node as slurmd sees it: claiming more CPUs or memory than it detects drains the node.
hardware=$(/usr/sbin/slurmd -C | head -1 | sed 's/^NodeName=[^ ]* //')
cat > "$dir/slurm.conf" <<CONF
ClusterName=quantscope-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MailProg=/bin/true
SchedulerParameters=sched_interval=1
MinJobAge=5
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
chmod 0644 "$dir/slurm.conf"
export SLURM_CONF=$dir/slurm.conf

/usr/sbin/slurmctld -c -i
for _ in $(seq 100); do [ -s "$dir/slurmctld.pid" ] && break; sleep 0.1; done
echo "slurmctld $(cat "$dir/slurmctld.pid")" >> "$dir/started"
/usr/sbin/slurmd -N "$host"
for _ in $(seq 100); do [ -s "$dir/slurmd.pid" ] && break; sleep 0.1; done
echo "slurmd $(cat "$dir/slurmd.pid")" >> "$dir/started"

for _ in $(seq 300); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
  [ "$state" = "idle" ] && { echo "cluster up: node $host idle"; exit 0; }
  sleep 0.1
done
echo "the node did not become idle (state '${state:-none}'); logs in $dir/log"
exit 1
