#ifndef DICECAM_CVTHREADS_H
#define DICECAM_CVTHREADS_H
#ifdef __cplusplus
extern "C" {
#endif
void dicecam_set_num_threads(int n);
int dicecam_get_num_threads(void);
#ifdef __cplusplus
}
#endif
#endif
