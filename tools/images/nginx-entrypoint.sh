#!/bin/sh
# The official nginx image's start as deploy/Dockerfile's edge relies on it (its documented
# "Using environment variables in nginx configuration"): before nginx starts, each *.template
# under NGINX_ENVSUBST_TEMPLATE_DIR (/etc/nginx/templates) is written, without that suffix, to
# NGINX_ENVSUBST_OUTPUT_DIR (/etc/nginx/conf.d) with envsubst, filling in only the variables
# that are set and whose names match NGINX_ENVSUBST_FILTER; nginx's own $variables stay.
set -eu

if [ "${1:-}" = nginx ] || [ "${1:-}" = nginx-debug ]; then
  template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
  suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
  output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
  filter="${NGINX_ENVSUBST_FILTER:-}"
  # The set variables' names that match the filter, as envsubst's list: ${A} ${B} …
  defined=$(awk -v filter="$filter" 'END { for (name in ENVIRON) if (name ~ filter) printf "${%s} ", name }' </dev/null)
  if [ -d "$template_dir" ]; then
    find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
      relative="${template#"$template_dir/"}"
      output="$output_dir/${relative%"$suffix"}"
      mkdir -p "$(dirname "$output")"
      echo "$0: filling in $template into $output"
      envsubst "$defined" <"$template" >"$output"
    done
  fi
fi

exec "$@"
