#!/usr/bin/env bash
# mailstack-install.sh installs what the mail daemon's interoperability tests
# run against: Dovecot (IMAP, LMTP, submission), OpenSMTPD, swaks and curl to
# inject mail, openssl for the test certificate.
#
# On a user's machine (the default, from make test) it never removes,
# replaces or upgrades a package, and never stops a service it did not just
# install: it asks apt what installing would do, and installs nothing if
# that would remove or upgrade anything (OpenSMTPD, for one, replaces an
# installed Postfix). The real-server tests are then skipped with a notice.
#
# With --ci (CI's clean machine, .ci/run) it installs whatever it takes.
# Safe to run again: it calls apt-get only when a package is missing.
set -euo pipefail

ci=false
if [ "${1:-}" = "--ci" ]; then
	ci=true
fi

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
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq

if ! $ci; then
	# What would installing do? "Remv" removes a package; "Inst p [old]"
	# replaces an installed version.
	plan=$(apt-get -s install --no-install-recommends "${missing[@]}" 2>/dev/null || true)
	changes=$(printf '%s\n' "$plan" | grep -E '^Remv |^Inst [^ ]+ \[' || true)
	if [ -n "$changes" ]; then
		echo "mailstack-install: not installing ${missing[*]}: it would change packages you have:"
		printf '%s\n' "$changes" | sed 's/^/  /'
		echo "mailstack-install: the tests against real Dovecot and OpenSMTPD will be skipped (CI runs them)"
		exit 0
	fi
fi

echo "mailstack-install: installing ${missing[*]}"
# Debian images forbid starting services from package scripts; the tests
# start their own instances, so a refused start is expected and harmless.
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# A package just installed may have started a system instance where policy
# allows it; it listens on the standard ports, not the tests', but stop it
# so the tests own the machine's only OpenSMTPD. Services that were there
# before are left alone.
if command -v service >/dev/null 2>&1; then
	for p in "${missing[@]}"; do
		case $p in
		opensmtpd) $sudo service opensmtpd stop >/dev/null 2>&1 || true ;;
		dovecot-core) $sudo service dovecot stop >/dev/null 2>&1 || true ;;
		esac
	done
fi
echo "mailstack-install: installed ${missing[*]}"
