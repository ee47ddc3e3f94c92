#ifndef WAYPOINT_COPENSSL_SHIM_H
#define WAYPOINT_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#include <openssl/crypto.h>
#endif
