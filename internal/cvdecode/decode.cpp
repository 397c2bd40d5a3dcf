#include <stdio.h>
#include <exception>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include "decode.h"

int dicecam_imdecode(const unsigned char *data, size_t len, int flags, void *dst, char *err, size_t errlen) {
    // An exception must not unwind into Go: the runtime aborts the process.
    try {
        cv::Mat buf(1, static_cast<int>(len), CV_8UC1, const_cast<unsigned char *>(data));
        cv::imdecode(buf, flags, static_cast<cv::Mat *>(dst));
        return 0;
    } catch (const std::exception &e) {
        snprintf(err, errlen, "%s", e.what());
    } catch (...) {
        snprintf(err, errlen, "an exception that is not a std::exception");
    }
    return 1;
}
