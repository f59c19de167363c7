#!/bin/sh
# Rebuild the example games with the elasund command itself (see
# README.md here). Run from anywhere: sh examples/generate.sh, or
# go generate ./cmd; "sh examples/generate.sh elasund" (or seafarers)
# rebuilds one game's examples only. The demos and the puzzle come out
# byte for byte the same every time; the games in progress get new keys,
# so new dice.
set -eu
which=${1:-all}
case $which in
all | elasund | seafarers) ;;
*)
	echo "usage: generate.sh [all|elasund|seafarers]" >&2
	exit 2
	;;
esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$here/.." && go build -o "$work/elasund" .)
elasund() { "$work/elasund" "$@"; }
export SOURCE_DATE_EPOCH=1795000000
unset ELASUND_HOME
cd "$here"

# next_seat FILE: the seat whose player moves next, as "elasund verify
# --json" tells: one the game waits for besides the seat whose turn it is
# (answering its offer, say), else that seat.
next_seat() {
	json=$(elasund verify "$1" --json)
	current=$(printf '%s\n' "$json" | sed -n 's/^ *"current": "\([a-z]*\)",\{0,1\}$/\1/p')
	waiting=$(printf '%s\n' "$json" | sed -n '/"waiting_for"/,/]/s/^ *"\([a-z]*\)",\{0,1\}$/\1/p')
	for s in $waiting; do
		if [ "$s" != "$current" ]; then
			echo "$s"
			return
		fi
	done
	echo "$current"
}

if [ "$which" = all ] || [ "$which" = elasund ]; then
rm -f finished.yaml in-progress.yaml puzzle.yaml

# finished.yaml: a whole four-player game between heuristic bots, each
# signing with its own key.
elasund demo --seed 4 --out finished.yaml >/dev/null

# in-progress.yaml: three players, each with a key directory of their own,
# join; then bots play 30 moves for whichever seat the game waits for.
for seat in red:Ann blue:Ben green:Cat; do
	ELASUND_HOME="$work/${seat%%:*}" elasund keygen --name "${seat##*:}" >/dev/null
done
elasund new in-progress.yaml --players red=Ann:ann@example.org,blue=Ben:ben@example.org,green=Cat:cat@example.org >/dev/null
for seat in red blue green; do
	ELASUND_HOME="$work/$seat" elasund join in-progress.yaml --as "$seat" >/dev/null
done
i=0
while [ "$i" -lt 30 ]; do
	seat=$(elasund verify in-progress.yaml --json | sed -n '/"waiting_for"/,/]/s/^ *"\([a-z]*\)",\{0,1\}$/\1/p' | head -n 1)
	ELASUND_HOME="$work/$seat" elasund bot in-progress.yaml --as "$seat" >/dev/null
	i=$((i + 1))
done

# puzzle.yaml: red to win this turn. A sandbox game set up with edits,
# then red's roll, forced to 1+1, so the puzzle starts at the building
# phase.
elasund new puzzle.yaml --players red=You,blue=Bo,green=Cy --sandbox --seed 2026 >/dev/null
elasund edit puzzle.yaml "place hall E2 red; place tavern F9 red; place shop C11 red; wall red N:F; wall red N:E; wall red N:D; wall red N:C; wall red S:F; wall red S:E; church SE red; trade red 4" >/dev/null
elasund edit puzzle.yaml "place tavern A2 blue; place shop A5 green; wall blue E:3; wall blue E:4; wall blue E:5; wall green S:D; trade blue 6; trade green 5" >/dev/null
elasund edit puzzle.yaml "permit red 0 A10; permit red 4 C10; permit blue 3 B10; permit green 1 E11; gold red 5; ship 6; turn red" >/dev/null
elasund move puzzle.yaml roll --dice 1,1 >/dev/null

for f in finished.yaml in-progress.yaml puzzle.yaml; do
	elasund verify "$f"
done
fi

# seafarers/: for three Seafarers scenarios, a whole four-player game
# between heuristic bots (SCENARIO-finished.yaml), and a three-player game
# under way (SCENARIO-in-progress.yaml): three players with key
# directories of their own join, then bots play 60 moves for whichever
# seat the game waits for. Pirate-islands seats no white with three
# players (S3).
if [ "$which" = all ] || [ "$which" = seafarers ]; then
mkdir -p seafarers
rm -f seafarers/*.yaml
for spec in new-shores:1:white four-islands:2:white pirate-islands:3:orange; do
	scenario=${spec%%:*}
	rest=${spec#*:}
	seed=${rest%%:*}
	third=${rest#*:}
	elasund demo --game seafarers --scenario "$scenario" --seed "$seed" --no-watch --out "seafarers/$scenario-finished.yaml" >/dev/null

	f=seafarers/$scenario-in-progress.yaml
	for seat in red:Ann blue:Ben "$third:Cat"; do
		ELASUND_HOME="$work/sf-$scenario-${seat%%:*}" elasund keygen --name "${seat##*:}" >/dev/null
	done
	elasund new "$f" --game seafarers --scenario "$scenario" \
		--players "red=Ann:ann@example.org,blue=Ben:ben@example.org,$third=Cat:cat@example.org" >/dev/null
	for seat in red blue "$third"; do
		ELASUND_HOME="$work/sf-$scenario-$seat" elasund join "$f" --as "$seat" >/dev/null
	done
	i=0
	while [ "$i" -lt 60 ]; do
		seat=$(next_seat "$f")
		ELASUND_HOME="$work/sf-$scenario-$seat" elasund bot "$f" --as "$seat" >/dev/null
		i=$((i + 1))
	done
done
for f in seafarers/*.yaml; do
	elasund verify "$f"
done
fi
