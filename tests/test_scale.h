/* Sizes for the sanitizer builds. The suite runs again under AddressSanitizer
 * and UndefinedBehaviorSanitizer (and the server under ThreadSanitizer), 5-10x
 * slower; what those runs check is memory and undefined behaviour, which the
 * smaller size reaches on every code path, with fewer repetitions. The values
 * are checked in full by the plain build. */
#ifndef GR_TEST_SCALE_H
#define GR_TEST_SCALE_H

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GR_TEST_SIZE(full, sanitized) (sanitized)
#else
#define GR_TEST_SIZE(full, sanitized) (full)
#endif

#endif
