#!/usr/bin/env bash
# mailstack-install.sh installs what the mail package's interoperability tests
# run against: Dovecot (IMAP, LMTP, submission), OpenSMTPD, swaks and curl to inject mail,
# openssl for the test certificate. Safe to run again: it only calls apt-get
# when a package is missing.
set -euo pipefail

pkgs=(dovecot-core dovecot-imapd dovecot-lmtpd dovecot-submissiond opensmtpd swaks curl openssl iproute2 procps ca-certificates)
missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "mailstack-install: all packages present"
	exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	sudo="sudo"
fi
echo "mailstack-install: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Debian images forbid starting services from package scripts; the tests
# start their own instances, so a refused start is expected and harmless.
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# The packages may have started system instances where policy allows it;
# they listen on the standard ports, not the ones the tests use, but stop
# them anyway so the tests own the machine's only OpenSMTPD.
if command -v service >/dev/null 2>&1; then
	$sudo service opensmtpd stop >/dev/null 2>&1 || true
	$sudo service dovecot stop >/dev/null 2>&1 || true
fi
echo "mailstack-install: done"
