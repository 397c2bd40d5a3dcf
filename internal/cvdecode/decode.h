#ifndef DICECAM_CVDECODE_H
#define DICECAM_CVDECODE_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
// dicecam_imdecode decodes len bytes of an image into dst, a cv::Mat*, with
// cv::imdecode's flags. It returns 0, or 1 with the exception's text in err.
int dicecam_imdecode(const unsigned char *data, size_t len, int flags, void *dst, char *err, size_t errlen);
#ifdef __cplusplus
}
#endif
#endif
