/*
 * A Kafka-protocol cluster for the event-bus contract suite in CI, where neither Docker nor a
 * Kafka broker package is available: librdkafka's mock cluster (rdkafka_mock.h, Debian's
 * librdkafka-dev), the implementation librdkafka's maintainers test their own client against.
 *
 *   gcc -O2 -o kafka-mock-cluster kafka-mock-cluster.c -lrdkafka
 *   ./kafka-mock-cluster [brokers]      # default 3
 *
 * Prints one line, the bootstrap list ("127.0.0.1:port,..."), then serves until SIGTERM/SIGINT
 * or until its parent dies (so a killed CI shell cannot leave it running). Brokers listen on loopback only, on ports the kernel picks (free by construction).
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static volatile sig_atomic_t stop = 0;
static void on_signal(int sig) {
  (void)sig;
  stop = 1;
}

int main(int argc, char **argv) {
  int brokers = argc > 1 ? atoi(argv[1]) : 3;
  if (brokers < 1) {
    fprintf(stderr, "usage: %s [brokers >= 1]\n", argv[0]);
    return 2;
  }
  /* The parent may be killed without running its trap: take the mock down with it. */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() == 1) return 1; /* parent already gone before prctl took effect */

  char err[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only hosts the mock's threads; it never connects anywhere itself. */
  rd_kafka_conf_set(conf, "log_level", "3", err, sizeof(err));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, err, sizeof(err));
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", err);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!cluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    rd_kafka_destroy(rk);
    return 1;
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  while (!stop) pause();

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
