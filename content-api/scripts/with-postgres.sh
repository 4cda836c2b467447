#!/usr/bin/env bash
# Kept for existing callers (.ci/run): the same as with-services.sh, which starts Redis too.
#
#   bash content-api/scripts/with-postgres.sh npx jest --selectProjects api
exec bash "$(dirname "$0")/with-services.sh" "$@"
