#include <opencv2/core.hpp>
#include "threads.h"

void dicecam_set_num_threads(int n) { cv::setNumThreads(n); }
int dicecam_get_num_threads(void) { return cv::getNumThreads(); }
