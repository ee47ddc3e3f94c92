# The nginx the benchmarks measure against, configured once: sourced by bench-page.sh,
# bench-gzip.sh and syscalls-static.sh.
# write_nginx_conf DIR GZIP_LEVEL SERVERS writes DIR/nginx.conf: two workers, every temp path and
# log under DIR, sendfile and an open-file cache as nginx is tuned in production, gzip at
# GZIP_LEVEL (empty: off) for text, then SERVERS (the script's own server blocks) inside http {}.
write_nginx_conf() {
    local dir=$1 level=$2 servers=$3 gzip=""
    if [ -n "$level" ]; then
        gzip="    gzip on;
    gzip_comp_level $level;
    gzip_min_length 1024;
    gzip_vary on;
    gzip_types text/css application/javascript image/svg+xml text/plain;"
    fi
    mkdir -p "$dir"
    cat >"$dir/nginx.conf" <<EOF
worker_processes 2;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; multi_accept on; }
http {
    access_log off;
    server_tokens off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65s;
    keepalive_requests 1000000;
    open_file_cache max=16 inactive=60s;
    open_file_cache_valid 60s;
    include /etc/nginx/mime.types;
$gzip
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
$servers
}
EOF
}
