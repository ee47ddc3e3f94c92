#ifndef WAYPOINT_COPENSSL_SHIM_H
#define WAYPOINT_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#include <openssl/crypto.h>

// OpenSSL spells several calls as macros over *_ctrl and several constants with casts; Swift imports
// neither, so they are wrapped here, unchanged.

static inline int wp_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline int wp_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}

static inline int wp_SSL_set_min_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_min_proto_version(ssl, version);
}

static inline int wp_SSL_set_max_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_max_proto_version(ssl, version);
}

static inline int wp_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// Writes may complete record by record, and a retried write may come from a moved (grown) buffer.
static inline void wp_SSL_CTX_set_partial_writes(SSL_CTX *context) {
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}

/// Idle connections hand their read and write buffers back instead of holding ~34 KB each.
static inline void wp_SSL_CTX_set_release_buffers(SSL_CTX *context) {
    SSL_CTX_set_mode(context, SSL_MODE_RELEASE_BUFFERS);
}

/// Reads take as much as the record buffer holds in one call, not a record header and then its body.
static inline void wp_SSL_CTX_set_read_ahead(SSL_CTX *context) {
    SSL_CTX_set_read_ahead(context, 1);
}

static const uint64_t WP_SSL_OP_NO_COMPRESSION = SSL_OP_NO_COMPRESSION;
static const uint64_t WP_SSL_OP_NO_RENEGOTIATION = SSL_OP_NO_RENEGOTIATION;
static const uint64_t WP_SSL_OP_IGNORE_UNEXPECTED_EOF = SSL_OP_IGNORE_UNEXPECTED_EOF;
static const uint64_t WP_SSL_OP_CIPHER_SERVER_PREFERENCE = SSL_OP_CIPHER_SERVER_PREFERENCE;
static const uint64_t WP_SSL_OP_PRIORITIZE_CHACHA = SSL_OP_PRIORITIZE_CHACHA;

static inline void wp_BIO_set_retry_read(BIO *bio) { BIO_set_retry_read(bio); }
static inline void wp_BIO_set_retry_write(BIO *bio) { BIO_set_retry_write(bio); }
static inline void wp_BIO_clear_retry_flags(BIO *bio) { BIO_clear_retry_flags(bio); }
static inline void wp_BIO_set_eof(BIO *bio) { BIO_set_flags(bio, BIO_FLAGS_IN_EOF); }
static inline int wp_BIO_is_eof(BIO *bio) { return BIO_test_flags(bio, BIO_FLAGS_IN_EOF) != 0; }

#endif
